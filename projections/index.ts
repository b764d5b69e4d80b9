import type { Projector } from './projector.ts';
import { streamsProjector } from './streams.ts';

/** Every read model of the product, in the order they are applied. */
export const allProjectors: readonly Projector[] = [streamsProjector];
