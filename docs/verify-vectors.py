import json, hashlib
dump = lambda o: json.dumps(o, sort_keys=True, separators=(',', ':'), ensure_ascii=False)
sha = lambda b: hashlib.sha256(b).hexdigest()
SECRET = {'passwordHash', 'sessionHash', 'keepSessionHash', 'codeHash', 'tokenHash', 'proofHash'}

def commit(d):  # version 2: each credential field hashed through its commitment
    if isinstance(d, list): return [commit(x) for x in d]
    if not isinstance(d, dict): return d
    out = {}
    for k, x in d.items():
        if k in SECRET and x is not None:
            out[k] = x['withheld'] if isinstance(x, dict) and list(x) == ['withheld'] else 'sha256:' + sha(dump(x).encode())
        else:
            out[k] = commit(x)
    return out

v = json.load(open('test/vectors/events.json'))
for version in ('version_1', 'version_2'):
    prev = {}
    for e in v[version]['events']:
        md = {k: x for k, x in e['metadata'].items() if k != 'hash'}
        assert md['prevHash'] == prev.get(e['stream'], v['genesis_prev_hash'])
        if md.get('hashVersion') == 2:
            place = {'v': 2, 'stream': e['stream'], 'revision': e['revision'], 'id': e['id'], 'type': e['type'], 'metadata': md}
            text = dump({**place, 'data': commit(e['data'])})
            # The export's copy, credentials withheld, hashes the same.
            assert dump({**place, 'data': commit(e['exported_data'])}) == text
        else:
            text = md['prevHash'] + e['type'] + dump({'data': e['data'], 'metadata': md})
        h = sha(text.encode())
        assert h == e['hash'], (version, e['id'])
        leaf = dump({'v': 1, 'stream': e['stream'], 'revision': e['revision'], 'id': e['id'], 'type': e['type'], 'hash': h})
        assert sha(b'\x00' + leaf.encode()) == e['leaf_hash']
        prev[e['stream']] = h
print('ok')
