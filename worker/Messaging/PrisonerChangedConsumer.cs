using MassTransit;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Messages;
using Prison.Worker.Evaluation;

namespace Prison.Worker.Messaging;

/// <summary>Evaluates the version of a prisoner's record that a change produced, and stores the verdict.</summary>
public sealed class PrisonerChangedConsumer(PrisonDb db, PrisonerReevaluation reevaluation) : IConsumer<PrisonerChanged>
{
    public async Task Consume(ConsumeContext<PrisonerChanged> context)
    {
        var prisoners = await db.LoadForEvaluationAsync([context.Message.PrisonerId], context.CancellationToken);
        var prisoner = prisoners.SingleOrDefault();

        // A newer change has its own message; a verdict already stored for this version and rule set is a redelivery.
        if (prisoner is null
            || prisoner.ChangeVersion != context.Message.ChangeVersion
            || (prisoner.DangerStatus != DangerStatus.Unknown && prisoner.RuleSet == reevaluation.RuleSet.Id))
        {
            return;
        }

        await reevaluation.WriteAsync([prisoner], context.CancellationToken);
    }
}
