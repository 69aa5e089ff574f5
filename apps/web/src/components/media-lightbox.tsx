import { Dialog } from '@/components/ui/dialog.tsx';
import '@/components/media-lightbox.css';

/** A picture shown large in a dialog (loaded on demand with the dialog code). */
export default function MediaLightbox({
  label,
  src,
  alt = '',
  onClose,
}: {
  label: string;
  src: string;
  alt?: string;
  onClose: () => void;
}) {
  return (
    <Dialog title={label} hideTitle size="media" onClose={onClose}>
      <img src={src} alt={alt} className="lightbox-image" />
    </Dialog>
  );
}
