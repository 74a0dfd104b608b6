import type { SceneKey } from '../types.js';
import { Canvas } from './svg.js';
export function drawScene(key: SceneKey): string {
  const c = new Canvas(800, 800, key);
  return c.document('');
}
