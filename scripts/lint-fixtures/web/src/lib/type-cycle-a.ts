import type { Shape } from './type-cycle-b';

export const area = (shape: Shape) => shape.width * shape.height;
