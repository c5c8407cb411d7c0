/** Orbit camera around a target, fitted to bounds; matrices with gl-matrix. */
import { mat4, vec3 } from 'gl-matrix';

export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

export interface CameraState {
  target: [number, number, number];
  distance: number;
  yaw: number;
  pitch: number;
}

const FOV_Y = (45 * Math.PI) / 180;

export class OrbitCamera {
  state: CameraState = { target: [0, 0, 0], distance: 5, yaw: 0.6, pitch: 0.35 };

  /**
   * Frames the box from the current direction, for a view of `aspect` (width / height): the
   * camera looks at the box's centre from the nearest distance at which all eight corners lie
   * inside both fields of view, with a 5% margin.
   */
  fit(bounds: Bounds, aspect = 1): void {
    const center: [number, number, number] = [0, 1, 2].map((i) => (bounds.min[i] + bounds.max[i]) / 2) as [number, number, number];
    this.state = { ...this.state, target: center };
    const { right, up, forward } = this.basis();
    const tanY = Math.tan(FOV_Y / 2);
    const tanX = tanY * aspect;
    let distance = 1e-3;
    for (let corner = 0; corner < 8; corner++) {
      const p = [0, 1, 2].map((i) => ((corner >> i) & 1 ? bounds.max[i] : bounds.min[i]) - center[i]);
      const x = Math.abs(p[0] * right[0] + p[1] * right[1] + p[2] * right[2]);
      const y = Math.abs(p[0] * up[0] + p[1] * up[1] + p[2] * up[2]);
      // Depth towards the camera: a corner nearer the camera needs the camera further back.
      const z = -(p[0] * forward[0] + p[1] * forward[1] + p[2] * forward[2]);
      distance = Math.max(distance, z + x / tanX, z + y / tanY);
    }
    this.state.distance = distance * 1.05;
  }

  orbit(dx: number, dy: number): void {
    this.state.yaw -= dx * 0.01;
    this.state.pitch = Math.max(-1.55, Math.min(1.55, this.state.pitch + dy * 0.01));
  }

  zoom(factor: number): void {
    this.state.distance = Math.max(1e-4, this.state.distance * factor);
  }

  /** Moves the target in the view plane by a fraction of the distance. */
  pan(dx: number, dy: number): void {
    const { right, up } = this.basis();
    const k = this.state.distance * 0.002;
    for (let i = 0; i < 3; i++) this.state.target[i] += (-dx * right[i] + dy * up[i]) * k;
  }

  eye(): vec3 {
    const { yaw, pitch, distance, target } = this.state;
    return vec3.fromValues(
      target[0] + distance * Math.cos(pitch) * Math.sin(yaw),
      target[1] + distance * Math.sin(pitch),
      target[2] + distance * Math.cos(pitch) * Math.cos(yaw),
    );
  }

  /**
   * Projection times view. `zeroToOne` depth for WebGPU, -1..1 for WebGL: x and y are the same
   * either way, so both renderers draw the same image.
   */
  viewProjection(aspect: number, zeroToOne: boolean): Float32Array {
    const near = Math.max(1e-4, this.state.distance * 0.01);
    const far = this.state.distance * 100;
    const projection = mat4.create();
    if (zeroToOne) mat4.perspectiveZO(projection, FOV_Y, aspect, near, far);
    else mat4.perspectiveNO(projection, FOV_Y, aspect, near, far);
    const view = mat4.lookAt(mat4.create(), this.eye(), vec3.fromValues(...this.state.target), vec3.fromValues(0, 1, 0));
    return new Float32Array(mat4.multiply(mat4.create(), projection, view));
  }

  /** Direction towards the key light: above and to the left of the viewer, following the camera. */
  lightDirection(): [number, number, number] {
    const { right, up, forward } = this.basis();
    const d = [0, 1, 2].map((i) => -forward[i] - 0.55 * right[i] + 0.8 * up[i]);
    const length = Math.hypot(d[0], d[1], d[2]);
    return [d[0] / length, d[1] / length, d[2] / length];
  }

  eyePosition(): [number, number, number] {
    const e = this.eye();
    return [e[0], e[1], e[2]];
  }

  /** The camera's right, up and forward (towards the target) directions in world space. */
  basis(): { right: vec3; up: vec3; forward: vec3 } {
    const forward = vec3.normalize(vec3.create(), vec3.sub(vec3.create(), vec3.fromValues(...this.state.target), this.eye()));
    const right = vec3.normalize(vec3.create(), vec3.cross(vec3.create(), forward, vec3.fromValues(0, 1, 0)));
    const up = vec3.cross(vec3.create(), right, forward);
    return { right, up, forward };
  }
}
