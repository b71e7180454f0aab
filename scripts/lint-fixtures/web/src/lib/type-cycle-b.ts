import { area } from './type-cycle-a';

export interface Shape {
  width: number;
  height: number;
}

export const unitArea = area({ width: 1, height: 1 });
