using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class WithdrawalEpisodeConfiguration : RecordConfiguration<WithdrawalEpisode>
{
    protected override int RecordPart => 3;

    protected override void ConfigureRecord(EntityTypeBuilder<WithdrawalEpisode> builder)
    {
        builder.Property(w => w.Substance).HasMaxLength(200);
        MapPeriod(builder, w => w.Period);
    }
}
