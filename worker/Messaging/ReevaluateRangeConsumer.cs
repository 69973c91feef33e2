using MassTransit;
using Prison.Domain.Messages;
using Prison.Worker.Evaluation;

namespace Prison.Worker.Messaging;

/// <summary>One batch of a full re-evaluation. Competing consumers on every worker share a run's batches.</summary>
public sealed class ReevaluateRangeConsumer(PrisonerReevaluation reevaluation) : IConsumer<ReevaluateRange>
{
    public async Task Consume(ConsumeContext<ReevaluateRange> context)
    {
        var ids = await reevaluation.IdsInRangeAsync(context.Message.After, context.Message.UpTo, context.CancellationToken);
        await reevaluation.ReevaluateAsync(ids, context.CancellationToken);
    }
}
