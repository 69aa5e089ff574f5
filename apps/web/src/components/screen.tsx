import type { ReactNode } from 'react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { IconButton } from '@/components/ui/button.tsx';
import '@/components/screen.css';

/** A screen: a titled section inside <main>, with a sticky title bar. */
export function Screen({
  title,
  children,
  actions,
  back,
  className,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Shows a back button (history back, else Home). */
  back?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={['screen', className].filter(Boolean).join(' ')}>
      <div className="screen-head">
        {back && <BackButton />}
        <h1 id={id} className="screen-title">
          {title}
        </h1>
        {actions && <div className="screen-actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <IconButton
      label={t('app.back')}
      icon={<ArrowLeft size={20} aria-hidden />}
      onClick={() => {
        if (window.history.state?.idx > 0) void navigate(-1);
        else void navigate('/home');
      }}
    />
  );
}
