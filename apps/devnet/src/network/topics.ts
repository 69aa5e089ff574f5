/** The topics people in the demo network post about. Plain data, no logic. */

export interface Topic {
  name: string;
  /** Hashtags, without `#`; several are non-ASCII on purpose. */
  tags: string[];
  subjects: string[];
  phrases: string[];
}

export const TOPICS: Topic[] = [
  {
    name: 'bitcoin',
    tags: ['bitcoin', 'lightning', 'zaps', 'plebchain', 'ビットコイン', 'биткоин'],
    subjects: [
      'my node',
      'the mempool',
      'a lightning channel',
      'cold storage',
      'the halving',
      'a zap',
    ],
    phrases: [
      'just opened {s} and it feels great',
      'fees are low today, good moment to consolidate',
      'explained {s} to my neighbour and she got it in five minutes',
      'running {s} on a tiny single-board computer, still humming',
      'nothing beats {s} for paying friends back',
      'stack quietly, touch grass, repeat',
    ],
  },
  {
    name: 'nostr',
    tags: ['nostr', 'grownostr', 'introductions', 'nostrdev', 'ノストル'],
    subjects: [
      'my relay list',
      'this client',
      'NIP-17 messages',
      'long-form posts',
      'zaps',
      'the outbox model',
    ],
    phrases: [
      'hello nostr! happy to be here',
      'tried {s} today and everything just works',
      'the best part of {s} is that nobody owns it',
      'who should I follow? drop your favourite accounts below',
      'migrated all my posts, {s} makes it painless',
      'shipping a small fix for {s} tonight',
    ],
  },
  {
    name: 'photography',
    tags: ['photography', 'photostr', 'filmphotography', 'streetphotography', 'fotografía'],
    subjects: [
      'the golden hour',
      'the last tram',
      'fog over the harbour',
      'a rainy street',
      'a heron by the river',
    ],
    phrases: [
      'caught {s} on my way home',
      'nothing edited, just {s}',
      'developing a roll tonight, fingers crossed for {s}',
      'light was perfect for {s}',
    ],
  },
  {
    name: 'food',
    tags: ['foodstr', 'cooking', 'coffee', 'café', 'ramen', 'pão'],
    subjects: [
      'sourdough',
      'a pot of ramen',
      'espresso',
      'fresh pasta',
      'kimchi',
      'pastel de nata',
    ],
    phrases: [
      'day three of feeding my sourdough starter, {s} next',
      'made {s} from scratch, kitchen is a mess, worth it',
      'hot take: {s} is better the next day',
      'found a place that takes sats for {s}',
    ],
  },
  {
    name: 'music',
    tags: ['music', 'tunestr', 'jazz', 'música', 'vinyl'],
    subjects: [
      'an old jazz record',
      'a new synth patch',
      'the live set',
      'a bossa nova tune',
      'a cello suite',
    ],
    phrases: [
      'on repeat today: {s}',
      'recorded {s} in one take',
      'anyone else still buying vinyl? found {s} for two euros',
      'practising {s} until the neighbours complain',
    ],
  },
  {
    name: 'outdoors',
    tags: ['hiking', 'cycling', 'running', 'outdoors', 'randonnée', 'berg'],
    subjects: [
      'the ridge trail',
      'a 40 km ride',
      'the morning run',
      'the summit',
      'a mountain hut',
    ],
    phrases: [
      'made it to {s} before sunrise',
      'legs are gone after {s}',
      'no signal on {s} and it was wonderful',
      'planning {s} for the weekend, who is in?',
    ],
  },
  {
    name: 'programming',
    tags: ['programming', 'typescript', 'rust', 'opensource', 'devstr'],
    subjects: [
      'a flaky test',
      'the build',
      'my side project',
      'a memory leak',
      'the parser',
      'code review',
    ],
    phrases: [
      'spent the whole day on {s}, it was a missing await',
      'rewrote {s} and deleted 800 lines',
      'property tests found a bug in {s} in seconds',
      'pairing on {s} this afternoon, send coffee',
    ],
  },
  {
    name: 'books',
    tags: ['books', 'bookstr', 'reading', 'libros', '読書'],
    subjects: [
      'a history of money',
      'a sci-fi classic',
      'a poetry collection',
      'a biography',
      'an essay',
    ],
    phrases: [
      'halfway through {s} and I cannot put it down',
      'recommendation thread: {s} changed how I think',
      'reading {s} on the train, missed my stop',
    ],
  },
  {
    name: 'art',
    tags: ['art', 'artstr', 'illustration', 'arte', 'kunst'],
    subjects: [
      'a watercolour sketch',
      'a linocut print',
      'the mural',
      'a pixel piece',
      'charcoal studies',
    ],
    phrases: [
      'finished {s} this morning',
      'work in progress: {s}, feedback welcome',
      'selling {s} for sats, reply if interested',
    ],
  },
];
