using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Api;
using Prison.Db.Forms;

namespace Prison.Db.Mappings;

internal sealed class ApiIdempotencyKeyConfiguration : IEntityTypeConfiguration<ApiIdempotencyKey>
{
    public void Configure(EntityTypeBuilder<ApiIdempotencyKey> builder)
    {
        builder.ToTable("api_idempotency_key");
        builder.HasKey(k => new { k.ClientId, k.Key }).HasName("api_idempotency_key_pkey");
        builder.Property(k => k.ClientId).HasMaxLength(100);
        builder.Property(k => k.Key).HasColumnName("idempotency_key").HasMaxLength(ApiIdempotencyKey.MaxKey);
        builder.Property(k => k.RequestHash).HasMaxLength(64).IsFixedLength();
        builder.Property(k => k.Kind).HasMaxLength(FormSubmission.MaxKind);
        builder.Property(k => k.Answer).HasMaxLength(ApiIdempotencyKey.MaxAnswer);
        builder.Property(k => k.SavedAtUtc).HasColumnName("saved_at");
    }
}
