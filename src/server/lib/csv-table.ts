/** One field of a CSV file, before it is written (http/csv.ts writes it). */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * A table for a CSV download, as a report builds it and the edge sends it
 * (http/csv-download.ts): the features that build one need no HTTP (decision 0081).
 */
export interface CsvTable {
  header: readonly string[];
  /** The records, a batch at a time, read only as the client takes them. */
  batches: AsyncIterable<readonly (readonly CsvValue[])[]>;
}
