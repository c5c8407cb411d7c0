/** Playback: loop modes, speed, stepping, and the frame requests of stamp and blended mode. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Player } from '../../../webview/preview/player';

function playing(frames: number, options: Partial<Pick<Player, 'loop' | 'mode' | 'speed'>> = {}): Player {
  const p = new Player(frames, 30);
  Object.assign(p, options, { playing: true });
  return p;
}

describe('Player', () => {
  it('advances frameRate x speed frames per second', () => {
    const p = playing(30, { speed: 2 });
    p.advance(0.1);
    assert.equal(p.frame, 6);
  });

  const loops: { loop: Player['loop']; seconds: number; frame: number; playing: boolean }[] = [
    // 10 frames at 30 fps: 0.4 s = 12 frames.
    { loop: 'repeat', seconds: 0.4, frame: 2, playing: true },
    { loop: 'once', seconds: 0.4, frame: 9, playing: false },
    // Ping-pong: 12 frames = up to 9, back 3 to 6.
    { loop: 'pingPong', seconds: 0.4, frame: 6, playing: true },
    // 27 frames = 9 up, 9 down, 9 up again.
    { loop: 'pingPong', seconds: 0.9, frame: 9, playing: true },
  ];
  for (const c of loops) {
    it(`${c.loop}: ${c.seconds} s of a 10-frame clip ends on frame ${c.frame}`, () => {
      const p = playing(10, { loop: c.loop });
      p.advance(c.seconds);
      assert.equal(p.frame, c.frame);
      assert.equal(p.playing, c.playing);
    });
  }

  it('ping-pong keeps going back after the turn, frame by frame', () => {
    const p = playing(4, { loop: 'pingPong' });
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      p.advance(1 / 30);
      seen.push(p.frame);
    }
    assert.deepEqual(seen, [1, 2, 3, 2, 1, 0, 1, 2]);
  });

  it('stamp mode requests exact frames', () => {
    const p = playing(10);
    p.advance(0.05); // 1.5 frames
    assert.deepEqual(p.request(), { frame: 1, nextFrame: 1, blend: 0, blended: false });
  });

  it('blended mode requests the next frame and the fraction; repeat wraps to frame 0, once holds the last', () => {
    const p = playing(10, { mode: 'blended' });
    p.position = 3.25;
    assert.deepEqual(p.request(), { frame: 3, nextFrame: 4, blend: 0.25, blended: true });
    p.position = 9.5;
    assert.equal(p.request().nextFrame, 0);
    p.loop = 'once';
    assert.equal(p.request().nextFrame, 9);
  });

  it('step wraps in repeat mode and clamps otherwise; seek clamps to the clip', () => {
    const p = new Player(5, 30);
    p.step(-1);
    assert.equal(p.frame, 4);
    p.loop = 'once';
    p.step(1);
    assert.equal(p.frame, 4);
    p.seek(-3);
    assert.equal(p.frame, 0);
    p.seek(99);
    assert.equal(p.frame, 4);
  });

  it('a paused player does not move', () => {
    const p = new Player(10, 30);
    assert.equal(p.advance(1), false);
    assert.equal(p.frame, 0);
  });

  it('once: a first step of 0 s (or less) from frame 0 keeps playing; a step past the end stops', () => {
    for (const seconds of [0, -0.004]) {
      const p = playing(10, { loop: 'once' });
      p.advance(seconds);
      assert.equal(p.playing, true, `after ${seconds} s`);
      assert.equal(p.frame, 0);
    }
    const p = playing(10, { loop: 'once' });
    p.advance(1);
    assert.equal(p.playing, false);
    assert.equal(p.frame, 9);
  });
});
