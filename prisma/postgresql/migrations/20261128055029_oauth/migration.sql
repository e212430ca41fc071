-- CreateTable
CREATE TABLE "OAuthRecord" (
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "grantId" TEXT,
    "uid" TEXT,
    "userId" TEXT,
    "clientId" TEXT,
    "clientName" TEXT,
    "clientUri" TEXT,
    "scope" TEXT,
    "expiresAt" TIMESTAMP(3),
    "consumedAt" TIMESTAMP(3),
    "lastUsedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthRecord_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "OAuthRecord_uid_key" ON "OAuthRecord"("uid");

-- CreateIndex
CREATE INDEX "OAuthRecord_grantId_idx" ON "OAuthRecord"("grantId");

-- CreateIndex
CREATE INDEX "OAuthRecord_userId_kind_createdAt_idx" ON "OAuthRecord"("userId", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "OAuthRecord_clientId_kind_idx" ON "OAuthRecord"("clientId", "kind");

-- CreateIndex
CREATE INDEX "OAuthRecord_expiresAt_idx" ON "OAuthRecord"("expiresAt");

-- AddForeignKey
ALTER TABLE "OAuthRecord" ADD CONSTRAINT "OAuthRecord_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
