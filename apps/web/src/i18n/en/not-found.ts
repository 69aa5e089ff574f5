/** English strings: notFound. */
export const notFound = {
  title: 'Page not found',
  lost: 'Nothing here',
  body: 'The page you are looking for does not exist.',
  home: 'Go to Home',
} as const;
