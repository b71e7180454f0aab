import { second } from './cycle-b';

export const first = () => second() + 1;
