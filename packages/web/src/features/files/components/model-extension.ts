// Kept apart from the three.js code so the viewer dialog can check a name without loading three.

export type ModelExtension = 'stl' | 'ply';

export const isModelExtension = (extension: string): extension is ModelExtension =>
  extension === 'stl' || extension === 'ply';
