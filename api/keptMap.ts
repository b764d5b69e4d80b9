/**
 * Puts `key` last in a map kept as a bounded cache (a Map iterates in insertion order), and drops
 * the entry put longest ago while the map holds more than `max`.
 */
export const keepLatest = <K, V>(map: Map<K, V>, key: K, value: V, max: number): void => {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
};
