/** Where a command writes: one line at a time to standard output and standard error (tests capture both). */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}
