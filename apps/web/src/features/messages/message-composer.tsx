import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import SendHorizontal from 'lucide-react/icons/send-horizontal';
import type { DmConversation } from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useSnapshot } from '@/data/use-model.ts';

/**
 * The composer: the text, the per-conversation NIP-04 / NIP-17 switch with why it is set, and
 * Send (Enter; Shift+Enter for a new line). The message shows at once as pending; if it cannot
 * even be prepared (no signer), the text stays here with the error.
 */
export function MessageComposer({
  conversation,
  name,
}: {
  conversation: DmConversation;
  name: string;
}) {
  const { t } = useTranslation();
  const snap = useSnapshot(conversation);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const switchId = useId();
  const hintId = useId();
  const nip17 = snap.protocol === 'nip17';

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = text.trim();
    if (!body) return;
    setError(null);
    try {
      await conversation.send(body);
      setText('');
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form className="dm-composer" onSubmit={(e) => void send(e)}>
      <div className="dm-protocol">
        <Switch
          id={switchId}
          checked={nip17}
          disabled={snap.protocol === null}
          onCheckedChange={(on) => void conversation.setProtocol(on ? 'nip17' : 'nip04')}
        />
        <label htmlFor={switchId} className="dm-protocol-label">
          {t('messages.privateLabel')}
        </label>
        <span id={hintId} className="dm-protocol-hint">
          {snap.protocolReason
            ? `${nip17 ? t('messages.protocolNip17') : t('messages.protocolNip04')} ${t(`messages.protocolHint.${snap.protocolReason}`)}`
            : ''}
        </span>
      </div>
      <div className="dm-compose-row">
        <label htmlFor={textId} className="visually-hidden">
          {t('messages.composerLabel', { name })}
        </label>
        <textarea
          id={textId}
          className="dm-input"
          rows={1}
          value={text}
          placeholder={t('messages.placeholder')}
          aria-describedby={hintId}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
        />
        <Button
          type="submit"
          variant="primary"
          icon={<SendHorizontal size={16} aria-hidden />}
          disabled={!text.trim()}
        >
          {t('messages.send')}
        </Button>
      </div>
      {error && (
        <p className="dm-compose-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
