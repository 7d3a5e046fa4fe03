/**
 * Appends a value to the list a map keeps under a key, in place. Copying the list on every append
 * (`map.set(k, [...(map.get(k) ?? []), v])`) is quadratic in a key's values: grouping Cloudflare's
 * 30,308 findings took 20.6 s that way, 0.13 s in place (issue 38).
 */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
