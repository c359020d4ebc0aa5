import drumsImage from '../assets/slide-drums.svg?no-inline';
import maintenanceImage from '../assets/slide-maintenance.svg?no-inline';

/**
 * The landing carousel's slides. The images are files (cached, served compressed), not data in
 * the page's script; the app preloads the first one with the page (app/router.tsx), as it is the
 * page's largest paint.
 */
export const slides = [
  { id: 'drums', image: drumsImage },
  { id: 'maintenance', image: maintenanceImage },
] as const;
