import type { BufferGeometry } from 'three';
import {
  Color,
  DirectionalLight,
  DoubleSide,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import type { ModelExtension } from './model-extension';

// The 3D viewer's three.js side, kept out of React: parse, build the scene, render on demand (only when
// the view changes), resize, fit, dispose. Imported only by the lazy model viewer chunk.

// Dental stone: a light, slightly warm grey.
const stoneColour = 0xd9d6cf;
const backgroundColour = 0xf4f5f7;
const fieldOfView = 45;
const fitMargin = 1.15;

/** STL is always triangles; a PLY is a surface only when it lists faces (an index). */
export const isSurface = (geometry: BufferGeometry, extension: ModelExtension): boolean =>
  extension === 'stl' || geometry.index !== null;

/** The file as geometry with normals; throws when it holds no vertices. */
export const parseModel = (buffer: ArrayBuffer, extension: ModelExtension): BufferGeometry => {
  const geometry = extension === 'stl' ? new STLLoader().parse(buffer) : new PLYLoader().parse(buffer);
  const position = geometry.getAttribute('position');
  if (!position || position.count === 0) {
    geometry.dispose();
    throw new Error('The model has no vertices');
  }
  // Point clouds (a PLY without faces) have nothing to shade. An STL's stored facet normals are often
  // zero or stale (many exporters write 0 0 0), which renders black: recompute them from the triangles.
  if (isSurface(geometry, extension) && (extension === 'stl' || !geometry.hasAttribute('normal'))) {
    geometry.computeVertexNormals();
  }
  geometry.computeBoundingSphere();
  return geometry;
};

type ModelObject = { object: Mesh | Points; material: MeshStandardMaterial | PointsMaterial };

const createObject = (geometry: BufferGeometry, extension: ModelExtension): ModelObject => {
  // Scanned PLY files often carry their colours; STL colour extensions are vendor-specific, so STL is
  // always shown in stone.
  const hasColours = extension === 'ply' && geometry.hasAttribute('color');
  if (!isSurface(geometry, extension)) {
    const radius = geometry.boundingSphere?.radius ?? 1;
    const material = new PointsMaterial({
      size: radius / 300,
      vertexColors: hasColours,
      color: hasColours ? 0xffffff : stoneColour,
    });
    return { object: new Points(geometry, material), material };
  }
  const material = new MeshStandardMaterial({
    color: hasColours ? 0xffffff : stoneColour,
    vertexColors: hasColours,
    roughness: 0.7,
    metalness: 0,
    // Scans are open surfaces; their inside must not vanish when the view turns.
    side: DoubleSide,
  });
  return { object: new Mesh(geometry, material), material };
};

export type ModelScene = {
  fitToView: () => void;
  resize: (width: number, height: number) => void;
  dispose: () => void;
};

/** Builds the viewer inside `container`; the renderer's constructor throws when WebGL is unavailable. */
export const createModelScene = (
  container: HTMLElement,
  geometry: BufferGeometry,
  extension: ModelExtension,
): ModelScene => {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  renderer.setClearColor(new Color(backgroundColour));
  const canvas = renderer.domElement;
  canvas.style.display = 'block';
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  canvas.style.touchAction = 'none';
  container.appendChild(canvas);

  const scene = new Scene();
  scene.add(new HemisphereLight(0xffffff, 0x8d8d8d, 1.6));
  const camera = new PerspectiveCamera(fieldOfView, 1, 0.1, 1000);
  // A light that follows the camera keeps the side facing the user lit while it orbits.
  const keyLight = new DirectionalLight(0xffffff, 1.8);
  keyLight.position.set(0.5, 1, 1);
  camera.add(keyLight);
  scene.add(camera);

  const { object, material } = createObject(geometry, extension);
  scene.add(object);

  const controls = new OrbitControls(camera, canvas);
  controls.enableRotate = true;
  controls.enableZoom = true;
  controls.enablePan = true;
  controls.screenSpacePanning = true;

  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);

  const sphere = geometry.boundingSphere ?? new Sphere(new Vector3(), 1);

  const fitToView = () => {
    const radius = Math.max(sphere.radius, 1e-6);
    const halfFov = ((camera.fov / 2) * Math.PI) / 180;
    // The sphere must fit the narrower of the two fields of view.
    const halfFovX = Math.atan(Math.tan(halfFov) * camera.aspect);
    const distance = (radius * fitMargin) / Math.sin(Math.min(halfFov, halfFovX));
    // Keep the direction the user looks from; the first fit looks from the front.
    const direction = camera.position.clone().sub(controls.target);
    if (direction.lengthSq() === 0) direction.set(0, 0, 1);
    direction.normalize();
    controls.target.copy(sphere.center);
    camera.position.copy(sphere.center).addScaledVector(direction, distance);
    camera.near = distance / 100;
    camera.far = distance * 100;
    camera.updateProjectionMatrix();
    controls.minDistance = radius / 100;
    controls.maxDistance = distance * 20;
    controls.update();
    render();
  };

  const resize = (width: number, height: number) => {
    if (width === 0 || height === 0) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    render();
  };

  const dispose = () => {
    controls.removeEventListener('change', render);
    controls.dispose();
    geometry.dispose();
    material.dispose();
    renderer.dispose();
    renderer.forceContextLoss();
    canvas.remove();
  };

  resize(container.clientWidth, container.clientHeight);
  fitToView();
  return { fitToView, resize, dispose };
};
