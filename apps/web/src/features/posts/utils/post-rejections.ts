// The rule lives in the shared package: the import checks rows with the same words.
export { describeRejection, findRejections } from '@cadence/shared';
