using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 22: absconded (failed to return from temporary release) on a date in the last 5 years. Escapes and
/// attempted escapes are rule 21, <see cref="EscapeHistory"/>.
/// </summary>
public sealed class AbscondedInLast5Years : RecentRecordRule<EscapeRecord>
{
    public override string Title => "Absconded in the last 5 years";

    public override RuleCategory Category => RuleCategory.Escape;

    protected override TrailingWindow Span { get; } = TrailingWindow.Years(5);

    protected override IEnumerable<EscapeRecord> Candidates(Prisoner prisoner) =>
        prisoner.EscapeRecords.Where(e => e.Kind == EscapeKind.Absconded);

    protected override DateOnly DateOf(EscapeRecord record) => record.Date;
}
