import { first } from './cycle-a';

export const second = () => (first.length > 0 ? 1 : 0);
