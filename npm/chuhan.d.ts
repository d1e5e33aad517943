// Chuhan, a xiangqi engine in WebAssembly: the interface web GUIs use for engines in a page.

declare namespace Chuhan {
  /** One engine: it lives until terminate(), its table kept between searches. */
  interface Engine {
    /** Sends one protocol line (UCI, UCCI or XBoard: the first handshake picks); it is read even while the engine searches. */
    postMessage(line: string): void;
    /** Calls fn with every line the engine writes, without its line end. */
    addMessageListener(fn: (line: string) => void): void;
    removeMessageListener(fn: (line: string) => void): void;
    /** Puts a file at an absolute path (folders made) in the engine's own memory, for EGTBPath, BookFile or EvalFile. */
    writeFile(path: string, bytes: Uint8Array | ArrayBuffer): void;
    /** Ends the engine and its threads at once; any call after it throws an Error. */
    terminate(): void;
  }

  interface Options {
    /** The folder (URL, or a directory under node) holding chuhan.wasm and the other files; beside chuhan.js by default. */
    path?: string;
    /** The URL of each file the engine needs (chuhan.wasm, chuhan.worker.js, chuhan-wasi.wasm, chuhan-wasi.worker.js). */
    locateFile?: (name: string, folder: string) => string;
    /** The threads to have ready at once (Threads option, set as usual, may ask for more); the cores by default. */
    threads?: number;
    /** The module's bytes, when the page has them already. */
    wasmBinary?: ArrayBuffer | Uint8Array;
    /** Where the workers load chuhan.js from, when a bundler moved it. */
    mainScriptUrlOrBlob?: string | Blob;
    /** Where the endgame tables are: a URL (a page's own, made absolute) or, under node, a folder; read a block at a time as positions need them (EGTBPath). */
    tables?: string;
    /** Where the engine's standard error goes (console.warn by default). */
    printErr?: (text: string) => void;
  }
}

/** Starts an engine: with threads, or on one thread on a page that is not cross-origin isolated. */
declare function Chuhan(options?: Chuhan.Options): Promise<Chuhan.Engine>;

export = Chuhan;
