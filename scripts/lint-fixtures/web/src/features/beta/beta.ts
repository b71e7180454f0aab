export const beta = 1;
