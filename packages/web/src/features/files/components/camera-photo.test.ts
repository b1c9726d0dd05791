import { describe, expect, it } from 'vitest';
import { createPhotoName, findCoverCrop, photoSize } from './camera-photo';

describe('findCoverCrop', () => {
  it('crops the sides of a 16:9 frame to fill the 4:3 photo', () => {
    expect(findCoverCrop({ width: 1920, height: 1080 }, photoSize)).toEqual({
      x: 240,
      y: 0,
      width: 1440,
      height: 1080,
    });
  });

  it('crops top and bottom of a portrait frame', () => {
    expect(findCoverCrop({ width: 1080, height: 1920 }, photoSize)).toEqual({
      x: 0,
      y: 555,
      width: 1080,
      height: 810,
    });
  });

  it('keeps a 4:3 frame whole', () => {
    expect(findCoverCrop({ width: 640, height: 480 }, photoSize)).toEqual({
      x: 0,
      y: 0,
      width: 640,
      height: 480,
    });
  });
});

describe('createPhotoName', () => {
  it('names the photo photo_YYYYMMDD_HHmmss.jpg in local time', () => {
    expect(createPhotoName(new Date(2025, 2, 7, 9, 5, 3))).toBe('photo_20250307_090503.jpg');
    expect(createPhotoName(new Date(2024, 11, 31, 23, 59, 59))).toBe('photo_20241231_235959.jpg');
  });
});
