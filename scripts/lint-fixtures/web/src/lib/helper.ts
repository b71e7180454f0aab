export const helper = 2;
