// Tailwind for the demo app: scans the demo views and the package's page-link bar templates, so
// the bar's utility classes end up in demo-app/public/app.css.

/** @type {import('tailwindcss').Config} */
module.exports = {
  content: [
    `${__dirname}/views/**/*.hbs`,
    `${__dirname}/src/**/*.ts`,
    `${__dirname}/../views/pagination/{default,simple}.hbs`,
  ],
  theme: { extend: {} },
  plugins: [],
}
