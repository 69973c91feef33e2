namespace Prison.Domain.Evaluation;

public enum RuleCategory
{
    Legal,
    Discipline,
    Escape,
    Intelligence,
    Health,
    Requests,
    Custody,
}
