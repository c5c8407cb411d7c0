/** `turnsEvery`: stepped work gives the host's event loop a turn once per slice, not per step. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { turnsEvery } from '../../../formats/hostTurn';

test('turnsEvery lets a timer that is due run only once the slice has passed', async () => {
  let clock = 100;
  const takeTurn = turnsEvery(10, () => clock);
  let timerRan = false;
  setTimeout(() => (timerRan = true), 0);
  clock = 109;
  await takeTurn();
  assert.equal(timerRan, false, 'a step within the slice goes on without a turn');
  clock = 110;
  await takeTurn();
  assert.equal(timerRan, true, 'the step at the end of the slice waits for a turn');
  timerRan = false;
  setTimeout(() => (timerRan = true), 0);
  clock = 115;
  await takeTurn();
  assert.equal(timerRan, false, 'a new slice starts after the turn');
});
