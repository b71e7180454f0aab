// The little of jsdom the SVG sanitiser uses. (@types/jsdom pulls the DOM library into
// the server's types, which changes the types of fetch and Buffer across the code base.)
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
