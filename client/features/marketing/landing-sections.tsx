import { BookOpenCheck, ChartNoAxesColumn, FileText, MailPlus, Smartphone, Tags } from "lucide-react";
import { APP_NAME } from "#shared/constants.js";

/** What the product does (docs/SPEC.md §1), one card per capability. */
const FEATURES = [
  {
    icon: FileText,
    title: "Standard operating procedures",
    text: "Write your procedures once as lessons with text and video, so every team member learns the same way.",
  },
  {
    icon: BookOpenCheck,
    title: "Courses, modules and lessons",
    text: "Organize lessons into modules and courses. Drag to reorder, keep drafts private and publish when ready.",
  },
  {
    icon: Tags,
    title: "Departments and roles",
    text: "Tag people and courses by department and role so that everyone finds the training meant for them.",
  },
  {
    icon: MailPlus,
    title: "Team invitations",
    text: "Invite members with a link, give them a role — admin, manager, teacher or learner — and edit them later.",
  },
  {
    icon: ChartNoAxesColumn,
    title: "Progress you can see",
    text: "Learners mark lessons complete and see their progress per course and module; admins see the totals.",
  },
  {
    icon: Smartphone,
    title: "Installable, works offline",
    text: "Install the app on a phone or desktop for an app-like experience, with an offline page when the network drops.",
  },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Features</p>
          <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Everything your team needs to learn the way you work
          </h2>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition-shadow hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 lg:grid-cols-2 lg:gap-10 lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">About</p>
          <h2 id="about-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Built for teams that run on procedures
          </h2>
        </div>
        <div className="space-y-4 text-base leading-relaxed text-slate-600">
          <p>
            {APP_NAME} turns the know-how in your team's heads into clear, repeatable training. Each organization gets
            its own space, its own address and its own dashboard.
          </p>
          <p>
            People can belong to several organizations, with a role in each: admins run the organization, managers look
            after the team and content, teachers build courses and learners work through them.
          </p>
        </div>
      </div>
    </section>
  );
}

/** The sections the footer's Privacy, Terms and Contact links lead to; every statement is how the app works. */
export function PolicySections() {
  return (
    <div className="border-t border-slate-200 bg-white py-14 sm:py-16">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:grid-cols-3 sm:px-6">
        <section id="privacy" aria-labelledby="privacy-heading" className="scroll-mt-20">
          <h2 id="privacy-heading" className="text-base font-semibold text-slate-900">
            Privacy
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            {APP_NAME} keeps what it needs to run your training: your name, email, organizations, roles and lesson
            progress. Passwords are stored only as secure hashes, and your session lives in a cookie that scripts cannot
            read.
          </p>
        </section>
        <section id="terms" aria-labelledby="terms-heading" className="scroll-mt-20">
          <h2 id="terms-heading" className="text-base font-semibold text-slate-900">
            Terms
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            Each organization owns its content. Its admins decide who joins, what role they have and what they can
            change, and they can delete the organization and its content at any time.
          </p>
        </section>
        <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-20">
          <h2 id="contact-heading" className="text-base font-semibold text-slate-900">
            Contact
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            Questions about a course, your role or an invitation? Your organization's admins manage members and content,
            so they are the people to ask.
          </p>
        </section>
      </div>
    </div>
  );
}
