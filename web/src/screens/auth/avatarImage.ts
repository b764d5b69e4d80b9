import { AVATAR_PICK_MAX_BYTES, AVATAR_SIZE_PX } from '../../../../api/contract/account.ts';

export { AVATAR_PICK_MAX_BYTES, AVATAR_SIZE_PX };

export const AVATAR_MESSAGES = {
  tooLarge: 'That picture is larger than 2 MB. Choose a smaller one.',
  notImage: 'That file is not a PNG, JPEG or WebP image. Choose a photo or picture.',
  failed: 'The avatar could not be uploaded. Please try again.',
  done: 'Avatar updated.',
} as const;

/** PNG, JPEG or WebP by their first bytes, as the server checks them (never by the file's name or type). */
export const looksLikeAvatarImage = (bytes: Uint8Array): boolean => {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  return (
    at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    at(0, 0xff, 0xd8, 0xff) ||
    (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50))
  );
};

/** The centred square of a width × height picture: what the avatar keeps. */
export const centreSquare = (width: number, height: number) => {
  const side = Math.min(width, height);
  return { sx: Math.floor((width - side) / 2), sy: Math.floor((height - side) / 2), side };
};

const blobOf = (canvas: HTMLCanvasElement, type: string) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));

/**
 * The server has no image library, so the browser resizes: the picture's centred square drawn on a
 * 256×256 canvas, sent as WebP (PNG where the browser cannot write WebP). The server checks the
 * result's bytes and size again. Rejects with one of AVATAR_MESSAGES.
 */
export const resizeAvatar = async (file: File): Promise<Blob> => {
  if (file.size > AVATAR_PICK_MAX_BYTES) throw new Error(AVATAR_MESSAGES.tooLarge);
  if (!looksLikeAvatarImage(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) {
    throw new Error(AVATAR_MESSAGES.notImage);
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(AVATAR_MESSAGES.notImage);
  }
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE_PX;
  canvas.height = AVATAR_SIZE_PX;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(AVATAR_MESSAGES.failed);
  const { sx, sy, side } = centreSquare(bitmap.width, bitmap.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, sx, sy, side, side, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  bitmap.close();
  const webp = await blobOf(canvas, 'image/webp');
  const blob = webp?.type === 'image/webp' ? webp : await blobOf(canvas, 'image/png');
  if (!blob) throw new Error(AVATAR_MESSAGES.failed);
  return blob;
};
