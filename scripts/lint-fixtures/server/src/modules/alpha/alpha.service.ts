export const alphaCount = 2;
