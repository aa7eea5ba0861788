/**
 * tesseract.js's own ES module build (a bundle with no CommonJS left): imported instead of the
 * package's CommonJS sources, whose interop helpers would otherwise join the runtime chunk every page
 * loads. Same API as the package's main entry.
 */
declare module 'tesseract.js/dist/tesseract.esm.min.js' {
  const Tesseract: typeof import('tesseract.js');
  export default Tesseract;
}
