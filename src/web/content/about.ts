/** The About page (/about): the founder's story and what the brand stands for. */
import type { AboutContent } from './types';

export const aboutContent: AboutContent = {
  title: 'About Us',
  description:
    "Meet Leah Marchand, the Vancouver trail runner and home baker behind Northbite's " +
    'date-sweetened, gluten-free protein cookies, energy bites and granola.',
  intro:
    'Northbite started on a muddy North Shore trail, with a simple question: why was ' +
    'it so hard to find a post-run snack that was full of protein but had no added ' +
    'sugar?',
  chapters: [
    {
      heading: 'A snack worth running for',
      paragraphs: [
        "Leah Marchand has spent years running the trails of Vancouver's North Shore. " +
          'Long weekend runs left her starving, and the snacks in her pack never quite did ' +
          'the job: protein bars that tasted chalky, or granola bars that were mostly ' +
          'sugar.',
        "What she wanted was something she'd actually look forward to at the trailhead: a " +
          'real cookie, with real protein and no added sugar.',
      ],
    },
    {
      heading: 'Dates, coconut oil and a very small kitchen',
      paragraphs: [
        'A keen home baker, Leah started experimenting in the tiny kitchen of her East ' +
          'Vancouver apartment. She swapped refined sugar for dates and butter for coconut ' +
          'oil, kept everything gluten-free, and worked on the protein until the cookies ' +
          'came out chunky, soft and satisfying.',
        "Plenty of early batches went straight into the compost. The ones that didn't " +
          'were handed out to her running friends after Saturday long runs, and their ' +
          'blunt, useful feedback (too dry, too crumbly, not enough chocolate) shaped the ' +
          'recipe until it was right.',
      ],
    },
    {
      heading: 'From a market table to small batches',
      paragraphs: [
        'When friends started asking to buy them, Leah booked a table at a neighbourhood ' +
          "farmers' market. She brought chocolate chunk cookies and a tray of " +
          'date-sweetened energy bites, and spent the day talking with runners, parents, ' +
          'climbers and cyclists about what they wanted from a snack.',
        'Those conversations shaped what came next: maple-sweetened granola for ' +
          'breakfast, a peanut butter cookie for the peanut butter fans, and a variety pack ' +
          "for anyone who can't pick just one.",
      ],
    },
    {
      heading: 'Still baked in Vancouver',
      paragraphs: [
        'Today Northbite bakes in small batches in Vancouver, and the recipes are still ' +
          "Leah's. Every cookie, bite and handful of granola is sweetened with dates or " +
          'maple, made with coconut oil, and free of added sugar and preservatives.',
        'The name is a nod to the North Shore mountains where the idea began, and to the ' +
          "bite you've earned by the time you reach the top.",
      ],
    },
  ],
  values: [
    {
      title: 'Real ingredients',
      text:
        'We sweeten with dates and maple, bake with coconut oil and leave out added sugar ' +
        'and preservatives.',
    },
    {
      title: 'Protein that tastes like a treat',
      text: 'Every recipe has to pass the taste test first: chunky, soft and satisfying, ' + 'never chalky.',
    },
    {
      title: 'Small batches, baked with care',
      text:
        'We bake in small batches in Vancouver so every order reaches you as fresh as we ' + 'can make it.',
    },
    {
      title: 'Honest labels',
      text:
        'We list every ingredient and allergen clearly, because you deserve to know ' +
        "exactly what you're eating.",
    },
  ],
  founderName: 'Leah Marchand',
  founderRole: 'Founder & head baker',
};
