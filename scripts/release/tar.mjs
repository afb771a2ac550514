// A ustar archive of regular files, byte-for-byte the same for the same input: the given time on
// every entry, mode 0644, owner 0:0 and no user or group names. (tar(1)'s output depends on the
// machine's users, umask and file times; GNU tar's --sort/--mtime/--owner flags are not everywhere.)

const BLOCK = 512;

/** @param {{path: string, data: Buffer}[]} entries  @param {number} mtime seconds since 1970 */
export function tarball(entries, mtime) {
  const parts = [];
  for (const { path, data } of entries) {
    parts.push(header(path, data.length, mtime), data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(BLOCK * 2)); // the end of the archive
  return Buffer.concat(parts);
}

function header(path, size, mtime) {
  const h = Buffer.alloc(BLOCK);
  const [prefix, name] = splitPath(path);
  const put = (offset, length, text) => h.write(text, offset, length, 'utf8');
  const octal = (offset, length, value) => put(offset, length, value.toString(8).padStart(length - 1, '0') + '\0');
  put(0, 100, name);
  octal(100, 8, 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, Math.floor(mtime));
  put(148, 8, '        '); // the checksum counts its own field as spaces
  put(156, 1, '0');
  put(257, 6, 'ustar\0');
  put(263, 2, '00');
  put(345, 155, prefix);
  let sum = 0;
  for (const byte of h) sum += byte;
  put(148, 8, sum.toString(8).padStart(6, '0') + '\0 ');
  return h;
}

/** ustar keeps names up to 100 bytes, with up to 155 more in a prefix cut at a slash. */
function splitPath(path) {
  if (Buffer.byteLength(path) <= 100) return ['', path];
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
    if (Buffer.byteLength(path.slice(i + 1)) <= 100 && Buffer.byteLength(path.slice(0, i)) <= 155)
      return [path.slice(0, i), path.slice(i + 1)];
  }
  throw new Error('path too long for a ustar archive: ' + path);
}
