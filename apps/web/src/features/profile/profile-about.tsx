import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { tokenize } from '@swell/nostr';
import { Mention } from '@/features/note/mention.tsx';

/** A profile's "about" text: line breaks kept; links, hashtags and mentions linked; no media. */
export function ProfileAbout({ text }: { text: string }) {
  const segments = useMemo(() => tokenize(text, []), [text]);
  return (
    <p className="profile-about">
      {segments.map((s, i) => {
        switch (s.type) {
          case 'linebreak':
            return <br key={i} />;
          case 'link':
          case 'image':
          case 'video':
          case 'embed':
            return (
              <a key={i} href={s.url} target="_blank" rel="noopener noreferrer nofollow">
                {s.text}
              </a>
            );
          case 'hashtag':
            return (
              <Link key={i} to={`/search/${encodeURIComponent(`#${s.tag}`)}`} className="hashtag">
                {s.text}
              </Link>
            );
          case 'mention':
            return s.decoded.type === 'npub' || s.decoded.type === 'nprofile' ? (
              <Mention key={i} decoded={s.decoded} bech32={s.bech32} />
            ) : (
              <Fragment key={i}>{s.text}</Fragment>
            );
          default:
            return <Fragment key={i}>{s.text}</Fragment>;
        }
      })}
    </p>
  );
}
