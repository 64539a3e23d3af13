/** PNG -> PDF image XObject: the folder's public surface. */
export { pngImage } from './pngImage';
