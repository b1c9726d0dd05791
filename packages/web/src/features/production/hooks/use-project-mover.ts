import { useCallback, useEffect, useState } from 'react';
import type { CalendarProject, MoveMachineProject } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { useMoveMachineProject } from '../api/move-machine-project';
import type { MovingProject } from '../components/calendar-events';

// Moving a project on the machine calendar: pick it up (a click, or Place for one without a slot), hover
// to choose the machine and start (rounded to 5 minutes), click to commit; Escape puts it back. Drag and
// drop commits the same call at once.

export type ProjectMover = {
  moving: MovingProject;
  movingName: string | null;
  error: string | null;
  isSaving: boolean;
  pick: (project: CalendarProject) => void;
  hover: (machineId: number, start: Date) => void;
  commit: () => void;
  cancel: () => void;
  drop: (projectId: number, machineId: number, start: Date) => Promise<boolean>;
  clearError: () => void;
};

const messageOf = (error: unknown): string =>
  isApiError(error) ? error.message : 'The project could not be moved';

export const useProjectMover = (): ProjectMover => {
  const [moving, setMoving] = useState<MovingProject>(null);
  const [movingName, setMovingName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Committed and waiting for the server: the preview stays put until the calendar has the new slot.
  const [isCommitted, setIsCommitted] = useState(false);
  const mutation = useMoveMachineProject();

  const cancel = useCallback(() => {
    setMoving(null);
    setMovingName(null);
    setIsCommitted(false);
  }, []);

  useEffect(() => {
    if (!moving || isCommitted) return undefined;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [moving, isCommitted, cancel]);

  const save = useCallback(
    async (projectId: number, body: MoveMachineProject): Promise<boolean> => {
      setError(null);
      try {
        await mutation.mutateAsync({ id: projectId, body });
        return true;
      } catch (caught) {
        setError(messageOf(caught));
        return false;
      }
    },
    [mutation],
  );

  return {
    moving,
    movingName,
    error,
    isSaving: mutation.isPending || isCommitted,
    pick: (project) => {
      setError(null);
      setMovingName(project.name);
      setMoving({
        projectId: project.id,
        machineId: project.start_time ? project.machine_id : null,
        start: project.start_time ? new Date(project.start_time) : null,
      });
    },
    hover: (machineId, start) => {
      if (isCommitted) return;
      setMoving((current) =>
        current && (current.machineId !== machineId || current.start?.getTime() !== start.getTime())
          ? { ...current, machineId, start }
          : current,
      );
    },
    commit: () => {
      if (!moving || isCommitted || moving.machineId === null || moving.start === null) return;
      const { projectId, machineId, start } = moving;
      setIsCommitted(true);
      void save(projectId, { start_time: start.toISOString(), machine_id: machineId }).finally(cancel);
    },
    cancel,
    drop: (projectId, machineId, start) =>
      save(projectId, { start_time: start.toISOString(), machine_id: machineId }),
    clearError: () => setError(null),
  };
};
