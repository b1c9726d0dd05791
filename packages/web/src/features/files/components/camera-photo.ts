// The camera capture card's numbers and names (collection-views §4 'Camera', §9 'Camera canvas
// 1920x1440, JPEG').

export const photoSize = { width: 1920, height: 1440 } as const;
export const photoQuality = 0.9;

/** The back camera when there is one (photos of models and paperwork), at the photo's size. */
export const cameraConstraints: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    width: { ideal: photoSize.width },
    height: { ideal: photoSize.height },
  },
};

export type CropRect = { x: number; y: number; width: number; height: number };

/** The part of a source frame that covers the target without distortion (centred, like object-fit: cover). */
export const findCoverCrop = (
  source: { width: number; height: number },
  target: { width: number; height: number },
): CropRect => {
  const sourceRatio = source.width / source.height;
  const targetRatio = target.width / target.height;
  if (sourceRatio > targetRatio) {
    const width = source.height * targetRatio;
    return { x: (source.width - width) / 2, y: 0, width, height: source.height };
  }
  const height = source.width / targetRatio;
  return { x: 0, y: (source.height - height) / 2, width: source.width, height };
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** photo_YYYYMMDD_HHmmss.jpg in local time. */
export const createPhotoName = (takenAt: Date): string => {
  const date = `${takenAt.getFullYear()}${twoDigits(takenAt.getMonth() + 1)}${twoDigits(takenAt.getDate())}`;
  const time = `${twoDigits(takenAt.getHours())}${twoDigits(takenAt.getMinutes())}${twoDigits(takenAt.getSeconds())}`;
  return `photo_${date}_${time}.jpg`;
};

const encodeJpeg = (canvas: HTMLCanvasElement): Promise<Blob> =>
  new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))),
      'image/jpeg',
      photoQuality,
    );
  });

/** Draws the video's current frame, cover-cropped, onto a 1920×1440 canvas and encodes it as JPEG. */
export const capturePhoto = (video: HTMLVideoElement): Promise<Blob> => {
  const canvas = document.createElement('canvas');
  canvas.width = photoSize.width;
  canvas.height = photoSize.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('Canvas 2D is not available'));
  const crop = findCoverCrop({ width: video.videoWidth, height: video.videoHeight }, photoSize);
  context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, photoSize.width, photoSize.height);
  return encodeJpeg(canvas);
};

/** Whether the browser lets the page use the camera: only on a secure (https:// or localhost) page. */
export const canUseCamera = (): boolean => {
  const mediaDevices = navigator.mediaDevices as MediaDevices | undefined;
  return window.isSecureContext && typeof mediaDevices?.getUserMedia === 'function';
};

// A photo chosen from the device instead of taken: the camera upload takes JPEG only, so any other image
// the browser can read is redrawn as one (whole, at its own size), under its name ending in .jpg.

const isJpeg = (file: Blob) => file.type === 'image/jpeg';

export const chosenPhotoName = (file: File): string =>
  isJpeg(file) ? file.name : `${file.name.replace(/\.[^./\\]*$/, '')}.jpg`;

export const toJpeg = async (file: Blob): Promise<Blob> => {
  if (isJpeg(file)) return file;
  const image = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    context.drawImage(image, 0, 0);
    return await encodeJpeg(canvas);
  } finally {
    image.close();
  }
};

export const stopStream = (stream: MediaStream | null) => {
  stream?.getTracks().forEach((track) => track.stop());
};
