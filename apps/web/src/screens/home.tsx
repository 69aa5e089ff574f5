export function Component() {
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Home</h1>
      <p>Your feed will appear here.</p>
    </section>
  );
}
