// The figures every answer states, from the one place the pages and documents share.
import * as facts from './facts'

/**
 * The FAQ, written once here: the /faq page renders it, and the server can emit the same questions
 * as FAQPage structured data. Answers are plain text so they read the same in both places.
 */

/**
 * The page's description for search engines, as the site starts with it: the earlier one (175
 * characters) shortened to the 160 a description may have (issue 39, item 6; decision 054).
 */
export const FAQ_DESCRIPTION =
  'Answers to common questions about mild hyperbaric oxygen: getting started, safety and protocols, sessions, benefits and practical matters such as price.'

export type FaqItem = { question: string; answer: string }

export type FaqCategory = { id: string; title: string; items: FaqItem[] }

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    items: [
      {
        question: 'What is mild hyperbaric oxygen therapy (mHBOT)?',
        answer: `Mild hyperbaric oxygen, often shortened to mHBOT, means resting in a chamber pressurised slightly above the air around us: up to ${facts.MILD_MAX_ATA}, commonly ${facts.MILD_COMMON_ATA}, where sea level is ${facts.SEA_LEVEL_ATA}. Some chambers also supply oxygen-enriched air from an oxygen concentrator. The council treats mHBOT as a wellness practice, not as a medical treatment.`,
      },
      {
        question: 'How is mHBOT different from medical hyperbaric oxygen therapy?',
        answer: `Medical hyperbaric oxygen therapy (HBOT) is stated as ${facts.MEDICAL_ATA} with 100% oxygen; in the council’s comparison table it is described as above ${facts.MILD_MAX_ATA}, typically ${facts.MEDICAL_TYPICAL_ATA}. It is prescribed and supervised by physicians in hospitals and licensed clinical facilities. Mild sessions stay at or below ${facts.MILD_MAX_ATA}, take place in wellness settings and are not a substitute for medical care.`,
      },
      {
        question: 'Who uses mild hyperbaric sessions?',
        answer:
          'Adults who want a quiet, restful wellness practice: active people, busy professionals and others looking for time to unwind. Anyone with a health condition, and anyone who is pregnant, should speak with a healthcare provider first, and every client should complete a screening questionnaire before a first session.',
      },
      {
        question: 'Do I need to talk to a healthcare provider before starting?',
        answer:
          'The council recommends it for everyone, and it is essential if any of the listed contraindications apply to you, such as a recent ear or chest surgery, an untreated pneumothorax or uncontrolled seizures. A good facility will ask you to complete a screening questionnaire before your first session.',
      },
    ],
  },
  {
    id: 'safety-protocols',
    title: 'Safety & Protocols',
    items: [
      {
        question: 'Are mild hyperbaric sessions safe?',
        answer: `No wellness practice is free of risk, which is why the council’s standards start with screening. When sessions stay at or below ${facts.MILD_MAX_ATA}, clients are screened, a trained operator is present and the chamber is built to recognised standards, the most common complaint is temporary pressure in the ears, similar to a descending aeroplane. Stop and tell the operator if anything feels wrong.`,
      },
      {
        question: 'Who should not use a chamber without medical advice?',
        answer:
          'The council lists these contraindications: active upper respiratory infection or congestion; untreated pneumothorax; certain ear or sinus conditions; severe claustrophobia; uncontrolled seizures; recent ear surgery or injury; pregnancy (consult a provider); recent thoracic or ear surgery. If any apply, consult a healthcare provider before any session.',
      },
      {
        question: 'What should I avoid before a session?',
        answer: `Avoid alcohol for ${facts.NO_ALCOHOL_BEFORE} before a session. Leave electronics, lighters, hand warmers and other heat sources outside the chamber, and avoid lotions, oils and oil-based hair or skin products on the day. If you have a cold or congestion, reschedule.`,
      },
      {
        question: 'What equipment standards should a chamber meet?',
        answer: `The council expects chambers to be designed and built to ${facts.CHAMBER_STANDARD}, the American safety standard for pressure vessels for human occupancy, by a manufacturer whose quality management system is certified to ${facts.QUALITY_STANDARD}. ${facts.QUALITY_STANDARD} certifies the manufacturer’s quality processes; it is not an approval of a particular product.`,
      },
    ],
  },
  {
    id: 'sessions-experience',
    title: 'Sessions & Experience',
    items: [
      {
        question: 'How long does a session last?',
        answer: `Sessions last ${facts.SESSION_LENGTH}, including gradual pressurisation at the start and gradual depressurisation at the end.`,
      },
      {
        question: 'What pressure is used in a mild hyperbaric session?',
        answer: `Mild sessions run at up to ${facts.MILD_MAX_ATA}, commonly ${facts.MILD_COMMON_ATA}. Sea level is ${facts.SEA_LEVEL_ATA}, so 1.3 ATA is about 4.4 psi above normal air pressure, roughly what you would feel about 3 metres (10 feet) under water.`,
      },
      {
        question: 'What does a session feel like?',
        answer:
          'As the chamber fills you will feel fullness in your ears, much as on a descending aeroplane. Swallowing, yawning or gently equalising clears it. Once at pressure most people simply rest, read or sleep. The operator can slow or pause pressurisation at any time if you are uncomfortable.',
      },
      {
        question: 'What should I wear and bring?',
        answer:
          'Loose, comfortable cotton clothing is best. Bring water if the facility allows it, and leave phones, watches with batteries and other electronics outside the chamber unless the operator has confirmed an item is permitted.',
      },
    ],
  },
  {
    id: 'benefits-results',
    title: 'Benefits & Results',
    items: [
      {
        question: 'What benefits can I expect?',
        answer:
          'Experiences vary. Many people report feeling relaxed and refreshed after a session, and some use sessions as part of their rest and recovery routine. The council describes possible benefits as general wellness support only; mild sessions are not a treatment for any condition.',
      },
      {
        question: 'Can mild hyperbaric sessions treat or cure a medical condition?',
        answer:
          'No. The council classifies mild hyperbaric sessions as a wellness practice. They are not intended to diagnose, treat, cure or prevent any disease and should never replace care from a qualified healthcare provider. Be wary of any provider that claims otherwise.',
      },
      {
        question: 'How many sessions should I have?',
        answer:
          'There is no standard number. Many people settle into a regular routine that fits their schedule and budget. Start gently, notice how you feel, and discuss any plan with your healthcare provider and the facility operator.',
      },
      {
        question: 'What does the research say?',
        answer:
          'Research on mild hyperbaric pressure is still early and limited, and many of the published studies were carried out in animals. The council’s research library summarises what each study examined so that readers can judge the evidence for themselves.',
      },
    ],
  },
  {
    id: 'practical-information',
    title: 'Practical Information',
    items: [
      {
        question: 'How much does a session cost?',
        answer:
          'A typical session costs $50-150, depending on the location, the type of chamber and whether you buy a single session or a package.',
      },
      {
        question: 'How do I choose a facility?',
        answer: `Ask whether clients are screened before a first session, whether a trained operator stays present throughout, whether the chamber is built to ${facts.CHAMBER_STANDARD} by an ${facts.QUALITY_STANDARD}-certified manufacturer, and whether the facility keeps maintenance and session records. A facility that follows the council’s standards will answer these questions readily.`,
      },
      {
        question: 'Can I use a mild hyperbaric chamber at home?',
        answer:
          'Some people do. Follow the manufacturer’s instructions exactly, never exceed the chamber’s rated pressure, never bring oxygen cylinders or heat sources into or near the chamber, make sure someone else is nearby during a session, and consult a healthcare provider first.',
      },
      {
        question: 'How can I contact the council?',
        answer:
          'Use the form on the contact page or e-mail the council. Replies typically come within 2-3 business days; if your matter is urgent, say so in the subject line.',
      },
    ],
  },
]
