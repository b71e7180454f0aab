export { alphaCount } from './alpha.service';
