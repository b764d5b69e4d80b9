import type { RecordedEvent } from '../engine/eventStore.ts';
import type { ReadDb } from './db.ts';

/**
 * A projector folds some event types into its own read-model tables: the port the runner feeds.
 * Every read model of the product is written with `defineReadModel` (readModel.ts), which makes
 * one of these from its tables and handlers. `apply` runs inside the runner's transaction,
 * together with the checkpoint update.
 */
export interface Projector {
  name: string;
  /** Raise it when the schema or the fold changes: the runner then rebuilds this read model. */
  version: number;
  /** Event types it handles, or '*' for every event. */
  handles: readonly string[] | '*';
  /** Idempotent DDL (CREATE TABLE/INDEX IF NOT EXISTS). */
  schema: readonly string[];
  /** Tables dropped when the read model is rebuilt. */
  tables: readonly string[];
  /** Tables of its earlier versions, dropped with `tables` when it is rebuilt. */
  retiredTables?: readonly string[];
  apply(db: ReadDb, event: RecordedEvent): void;
  /**
   * Optional fast path: the runner hands over every handled event of a batch at once (in order),
   * so a projector can coalesce its writes. When present, `apply` is not called by the runner.
   */
  applyBatch?(db: ReadDb, events: readonly RecordedEvent[]): void;
  /**
   * Indexes (from `schema`) that neither `apply` nor `applyBatch` reads. A full rebuild drops them
   * first and creates them once at the end: one sort instead of a random B-tree insert per event.
   */
  deferredIndexes?: readonly string[];
}

export const defineProjector = (projector: Projector): Projector => projector;
