import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useEffect, useRef, useState } from 'react';
import {
  cameraConstraints,
  canUseCamera,
  capturePhoto,
  chosenPhotoName,
  createPhotoName,
  stopStream,
  toJpeg,
} from './camera-photo';
import { ChoosePhotoButton } from './choose-photo-button';

export type CameraCardProps = {
  onSave: (jpeg: Blob, name: string) => Promise<void>;
  onClose?: () => void;
};

/** Taken with the camera here, or chosen from the device when the camera cannot be used. */
type Photo = { blob: Blob; url: string; name: string; source: 'camera' | 'device' };
type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

// Browsers give the camera only to secure pages, and the bench PCs open the product over plain HTTP.
const noCameraTexts = {
  insecure: 'The camera works only at an https:// address. Choose a photo from this device instead.',
  refused: 'The camera could not be started. Choose a photo from this device instead.',
} as const;

/**
 * The camera capture card (collection-views §2, §4 'Camera': closed, open (loading, then live), photo
 * taken, saved; closing resets the photo). Without a camera (an insecure page, or the camera refused) it
 * says so and offers a photo from the device instead, saved the same way.
 */
export const CameraCard = ({ onSave, onClose }: CameraCardProps) => {
  const isCameraUsable = canUseCamera();
  const videoRef = useRef<HTMLVideoElement>(null);
  // Mirrors of state for cleanup on unmount, and the id of the latest camera request: an answer to an
  // older request (the user stopped or left meanwhile) only releases its camera.
  const streamRef = useRef<MediaStream | null>(null);
  const photoUrlRef = useRef<string | null>(null);
  const requestRef = useRef(0);
  const [isStarting, setIsStarting] = useState(false);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [isLive, setIsLive] = useState(false);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [isRefused, setIsRefused] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (video && stream) video.srcObject = stream;
  }, [stream]);

  useEffect(
    () => () => {
      requestRef.current += 1;
      stopStream(streamRef.current);
      if (photoUrlRef.current) URL.revokeObjectURL(photoUrlRef.current);
    },
    [],
  );

  const replacePhoto = (next: Photo | null) => {
    if (photoUrlRef.current) URL.revokeObjectURL(photoUrlRef.current);
    photoUrlRef.current = next?.url ?? null;
    setPhoto(next);
    setSaveState('idle');
  };

  const handleStart = () => {
    const request = requestRef.current + 1;
    requestRef.current = request;
    setIsStarting(true);
    setIsRefused(false);
    navigator.mediaDevices.getUserMedia(cameraConstraints).then(
      (granted) => {
        if (request !== requestRef.current) {
          stopStream(granted);
          return;
        }
        streamRef.current = granted;
        setStream(granted);
      },
      (error: unknown) => {
        console.error(error);
        if (request !== requestRef.current) return;
        setIsStarting(false);
        setIsRefused(true);
      },
    );
  };

  const handleStop = () => {
    requestRef.current += 1;
    stopStream(streamRef.current);
    streamRef.current = null;
    setStream(null);
    setIsStarting(false);
    setIsLive(false);
    replacePhoto(null);
  };

  const handleClose = () => {
    handleStop();
    onClose?.();
  };

  const handleLoadedMetadata = () => {
    setIsStarting(false);
    setIsLive(true);
  };

  const handleTakePhoto = () => {
    const video = videoRef.current;
    if (!video) return;
    const takenAt = new Date();
    capturePhoto(video).then(
      (blob) =>
        replacePhoto({
          blob,
          url: URL.createObjectURL(blob),
          name: createPhotoName(takenAt),
          source: 'camera',
        }),
      (error: unknown) => console.error(error),
    );
  };

  const handleChoose = (file: File) => {
    replacePhoto({
      blob: file,
      url: URL.createObjectURL(file),
      name: chosenPhotoName(file),
      source: 'device',
    });
  };

  const handleSave = () => {
    if (!photo || saveState === 'saving' || saveState === 'saved') return;
    setSaveState('saving');
    // The photo may have been discarded (stop, retake) before the upload answered.
    const isCurrent = () => photoUrlRef.current === photo.url;
    toJpeg(photo.blob)
      .then((jpeg) => onSave(jpeg, photo.name))
      .then(
        () => {
          if (isCurrent()) setSaveState('saved');
        },
        (error: unknown) => {
          console.error(error);
          if (isCurrent()) setSaveState('failed');
        },
      );
  };

  const isOpen = stream !== null || isStarting;
  const isLoading = isStarting || (stream !== null && !isLive);
  const noCameraText = !isCameraUsable ? noCameraTexts.insecure : isRefused ? noCameraTexts.refused : null;
  const isChoiceOffered = noCameraText !== null && !isOpen && !photo;

  return (
    <Card variant="outlined">
      <CardHeader
        avatar={<PhotoCameraIcon color="action" />}
        title="Camera"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        action={
          onClose && (
            <IconButton aria-label="Close camera" onClick={handleClose}>
              <CloseIcon />
            </IconButton>
          )
        }
      />
      {(isOpen || photo || isChoiceOffered) && (
        <CardContent>
          {isChoiceOffered && <Alert severity="info">{noCameraText}</Alert>}
          {(isOpen || photo) && (
            <Box
              sx={{
                position: 'relative',
                aspectRatio: '4 / 3',
                bgcolor: 'grey.900',
                borderRadius: 1,
                overflow: 'hidden',
              }}
            >
              {stream && (
                <Box
                  component="video"
                  ref={videoRef}
                  aria-label="Camera preview"
                  autoPlay
                  muted
                  playsInline
                  onLoadedMetadata={handleLoadedMetadata}
                  sx={{
                    display: photo ? 'none' : 'block',
                    width: '100%',
                    height: '100%',
                    objectFit: 'cover',
                  }}
                />
              )}
              {photo && (
                <Box
                  component="img"
                  src={photo.url}
                  alt={`Photo ${photo.name}`}
                  sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
                />
              )}
              {isLoading && (
                <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                  <CircularProgress aria-label="Starting camera" sx={{ color: 'common.white' }} />
                </Box>
              )}
            </Box>
          )}
          {photo && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {photo.name}
              {saveState === 'saved' && ' — saved'}
            </Typography>
          )}
          {saveState === 'failed' && (
            <Alert severity="error" sx={{ mt: 1 }}>
              The photo could not be saved, please try again.
            </Alert>
          )}
        </CardContent>
      )}
      <CardActions>
        {isChoiceOffered && (
          <ChoosePhotoButton label="Choose photo" variant="contained" onChoose={handleChoose} />
        )}
        {isCameraUsable && !isOpen && !photo && (
          <Button variant={isRefused ? 'text' : 'contained'} onClick={handleStart}>
            Start camera
          </Button>
        )}
        {isLive && !photo && (
          <Button variant="contained" onClick={handleTakePhoto}>
            Take photo
          </Button>
        )}
        {photo && (
          <>
            <Button
              variant="contained"
              onClick={handleSave}
              disabled={saveState === 'saving' || saveState === 'saved'}
            >
              {saveState === 'saving' ? 'Saving…' : saveState === 'saved' ? 'Saved' : 'Save'}
            </Button>
            {photo.source === 'camera' ? (
              <Button onClick={() => replacePhoto(null)} disabled={saveState === 'saving'}>
                {saveState === 'saved' ? 'Take another' : 'Retake'}
              </Button>
            ) : (
              <ChoosePhotoButton
                label="Choose another"
                isDisabled={saveState === 'saving'}
                onChoose={handleChoose}
              />
            )}
          </>
        )}
        {isOpen && (
          <Button onClick={handleStop} disabled={saveState === 'saving'}>
            Stop camera
          </Button>
        )}
      </CardActions>
    </Card>
  );
};
