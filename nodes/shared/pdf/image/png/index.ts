export { pngImage } from './pngImage';
