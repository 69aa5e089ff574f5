import { Link } from 'react-router';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { profileLink, userLabel, useUser } from '@/data/user.ts';

/** A user in a result list: avatar, name and NIP-05 or about, linked to the profile. */
export function UserRow({ pubkey }: { pubkey: string }) {
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <Link to={profileLink(user)} className="search-user" data-pubkey={pubkey}>
      <Avatar pubkey={user.pubkey} picture={user.picture} size="vs" name={name} />
      <span className="search-user-text">
        <strong>{name}</strong>
        {(user.nip05 || user.about) && <span>{user.nip05 || user.about}</span>}
      </span>
    </Link>
  );
}
