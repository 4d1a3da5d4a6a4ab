export function HomePage() {
  return (
    <main>
      <h1>Soft skills that open doors</h1>
      <p>Communication, confidence and teamwork training for students, colleges, schools and companies.</p>
    </main>
  );
}
