import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { drumCodeOf, scanCode } from '../lib/scan-drum-code';
import styles from './field.module.css';

/**
 * "Scan a drum": opens the camera, reads a drum's label and opens that drum's page. A code that
 * is no drum label of the portal, or no camera, is said in the dialog, which stays open.
 */
export function ScanDrumButton({ isInitiallyOpen = false }: { isInitiallyOpen?: boolean }) {
  const { t } = useTranslation('refill');
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(isInitiallyOpen);
  const [problem, setProblem] = useState<'camera' | 'notDrum' | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!isOpen) return undefined;
    const controller = new AbortController();
    const read = async (): Promise<void> => {
      if (!video.current) return;
      const text = await scanCode(video.current, controller.signal);
      const code = drumCodeOf(text, window.location.origin);
      if (code) {
        setOpen(false);
        void navigate(paths.drum.build(code));
        return;
      }
      setProblem('notDrum');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return read();
    };
    read().catch(() => {
      if (!controller.signal.aborted) setProblem('camera');
    });
    return () => controller.abort();
  }, [isOpen, navigate]);

  return (
    <>
      <Button
        size="large"
        variant="outlined"
        onPress={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        {t('scan.open')}
      </Button>
      <Dialog
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        title={t('scan.title')}
        description={t('scan.description')}
        closeLabel={t('scan.close')}
      >
        <video
          ref={video}
          className={styles.camera}
          muted
          playsInline
          aria-label={t('scan.camera')}
        />
        <p role="status" aria-live="polite" className={styles.scanProblem}>
          {problem ? t(`scan.problem.${problem}`) : null}
        </p>
      </Dialog>
    </>
  );
}
